import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Snackbar, Tooltip, Typography } from '@mui/material';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import type { MyMessage } from '@pv/contract';
import { formatTime, LEVEL_COLORS, LevelDot, openMessageLink, useMessageActions, useNotifyFeed } from '../../resources/system/message/useMessages.tsx';

export const MESSAGE_CENTER_PATH = '/setting/messageCenter';

/**
 * The top-bar bell (SPEC.md §3 notifications): the unread count as a badge, the latest messages in
 * a popover (click: mark read, then open its link), clear all, and the way to the message centre.
 * Counts and the list follow the websocket; a pushed message also shows a toast under the bell — its
 * own, not react-admin's notification queue: a burst of messages from a scheduled job must not push
 * aside the answer to what the user just did (保存成功, 已转为正式客户…), and adds up in one toast.
 */
export const NoticeBell = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { unread, list, reload, toast, closeToast } = useNotifyFeed({ toast: true });
  const { markRead, clearAll } = useMessageActions(reload);

  const open = (m: MyMessage) => {
    setAnchor(null);
    void (m.read ? Promise.resolve() : markRead([m.id])).then(() => openMessageLink(m.link, navigate));
  };

  return (
    <>
      <Tooltip title={translate('pv.message.bell')}>
        <IconButton
          color="inherit"
          // the count on the badge is part of the button's name (WCAG 2.5.3 label in name)
          aria-label={unread ? `${translate('pv.message.bell')}, ${translate('pv.message.bell_unread', { count: unread > 99 ? '99+' : unread })}` : translate('pv.message.bell')}
          data-testid="notice-bell"
          onClick={(e) => {
            // the list is open: the toast under the bell would only cover it
            closeToast();
            setAnchor(e.currentTarget);
          }}
        >
          {/* no count at all when there is none (a hidden "0" would still be text inside the button) */}
          <Badge badgeContent={unread || undefined} max={99} color="error" data-testid="notice-badge" data-count={unread}>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Snackbar
        // a new message restarts the toast's time
        key={toast?.count}
        open={!!toast}
        autoHideDuration={5000}
        onClose={(_e, reason) => reason !== 'clickaway' && closeToast()}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={{ top: { xs: 64, sm: 64 } }}
        data-testid="message-toast"
      >
        <Alert severity={toast ? LEVEL_COLORS[toast.level] : 'info'} onClose={closeToast} sx={{ maxWidth: 420, boxShadow: 6 }}>
          {toast && (toast.count > 1 ? translate('pv.message.new_toast_more', { title: toast.title, count: toast.count }) : translate('pv.message.new_toast', { title: toast.title }))}
        </Alert>
      </Snackbar>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 24px)' }, 'data-testid': 'notice-popover' } as object }}
      >
        <Box sx={{ px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
            {translate('pv.message.bell')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('pv.message.bell_unread', { count: unread })}
          </Typography>
        </Box>
        <Divider />
        {list.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            {translate('pv.message.empty')}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }}>
            {list.map((m) => (
              <ListItem key={m.id} disablePadding>
                <ListItemButton onClick={() => open(m)} data-testid="notice-item" data-read={m.read ? '1' : '0'} sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <LevelDot level={m.level} read={m.read} />
                  <ListItemText
                    primary={m.title}
                    secondary={`${m.broadcast ? translate('pv.message.broadcast') : (m.sender_name ?? translate('pv.message.system_sender'))} · ${formatTime(m.created_at)}`}
                    slotProps={{ primary: { sx: { fontWeight: m.read ? 400 : 600 }, noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1, py: 0.5 }}>
          <Button size="small" onClick={() => void clearAll()} disabled={list.length === 0 && unread === 0} data-testid="notice-clear">
            {translate('pv.message.clear_all')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              navigate(MESSAGE_CENTER_PATH);
            }}
            data-testid="notice-view-all"
          >
            {translate('pv.message.view_all')}
          </Button>
        </Box>
      </Popover>
    </>
  );
};
