import { useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Badge, Box, Card, Tab, Tabs } from '@mui/material';
import { ManageMessages, MESSAGE_RESOURCE } from './ManageMessages.tsx';
import { MyMessages } from './MyMessages.tsx';
import { useUnread } from './useMessages.tsx';

/**
 * 消息中心 (/setting/messageCenter): every signed-in user's own messages; for those who may list
 * all messages (message:index), the management tab to send, edit and delete.
 */
const MessageCenter = () => {
  const translate = useTranslate();
  const unread = useUnread();
  const manage = useCanAccess({ resource: MESSAGE_RESOURCE, action: 'list' });
  const [tab, setTab] = useState<'mine' | 'manage'>('mine');
  const current = tab === 'manage' && manage.canAccess ? 'manage' : 'mine';
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="message-center">
      <Card sx={{ px: 2, pb: 2 }}>
        <Tabs value={current} onChange={(_e, v: 'mine' | 'manage') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab
            value="mine"
            data-testid="tab-mine"
            label={
              <Badge color="error" badgeContent={unread} max={99} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                {translate('pv.message.tab_mine')}
              </Badge>
            }
          />
          {manage.canAccess ? <Tab value="manage" data-testid="tab-manage" label={translate('pv.message.tab_manage')} /> : null}
        </Tabs>
        {current === 'mine' ? <MyMessages /> : <ManageMessages />}
      </Card>
    </Box>
  );
};

export default MessageCenter;
