import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import type { MyMessage } from '@pv/contract';
import { formatTime, LevelDot, openMessageLink, useMessageActions, useNotifyFeed } from '../../resources/system/message/useMessages.tsx';

export const MESSAGE_CENTER_PATH = '/setting/messageCenter';

/**
 * The top-bar bell (SPEC.md §3 notifications): the unread count as a badge, the latest messages in
 * a popover (click: mark read, then open its link), clear all, and the way to the message centre.
 * Counts and the list follow the websocket; a pushed message also shows a toast.
 */
export const NoticeBell = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { unread, list, reload } = useNotifyFeed({ toast: true });
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
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* no count at all when there is none (a hidden "0" would still be text inside the button) */}
          <Badge badgeContent={unread || undefined} max={99} color="error" data-testid="notice-badge" data-count={unread}>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
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
