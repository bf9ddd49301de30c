import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Chip, CircularProgress, Pagination, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { paths, type MyMessage, type MyMessageList } from '@pv/contract';
import { client } from '../../../providers/client.ts';
import { formatDateTime, useLang } from '../../common/format.tsx';
import { LEVEL_COLORS, LevelDot, levelLabel, openMessageLink, typeLabel, useMessageActions, useRealtimeFrames, useRealtimeStatus } from './useMessages.tsx';

const PAGE_SIZE = 10;
type ReadFilter = 'all' | 'unread' | 'read';

/** 我的消息: the caller's own messages (to them or to everyone), read/unread filter, mark read, clear all; live. */
export const MyMessages = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const lang = useLang();
  const status = useRealtimeStatus();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MyMessageList | null>(null);

  // only the latest request's reply is shown (pushes and clicks reload while another may be in flight)
  const seq = useRef(0);
  const load = useCallback(async () => {
    const mine = ++seq.current;
    const query: Record<string, unknown> = { page, limit: PAGE_SIZE };
    if (filter !== 'all') query.read = filter === 'read' ? 1 : 0;
    try {
      const reply = await client.get<MyMessageList>(paths.message('get_message_list'), query, { silent: true });
      if (mine === seq.current) setData(reply.data);
    } catch {
      if (mine === seq.current) setData((d) => d ?? { list: [], total: 0, unread: 0 });
    }
  }, [page, filter]);
  // system messages come in the reader's language: a language switch reads them again
  useEffect(() => {
    void load();
  }, [load, lang]);
  useRealtimeFrames((frame) => {
    if (frame.type === 'message' || frame.type === 'unread') void load();
  });
  const { markRead, clearAll } = useMessageActions(load);

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  return (
    <Box data-testid="my-messages">
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_e, v: ReadFilter | null) => {
            if (!v) return;
            setFilter(v);
            setPage(1);
          }}
        >
          {(['all', 'unread', 'read'] as const).map((f) => (
            <ToggleButton key={f} value={f} data-testid={`filter-${f}`}>
              {translate(`pv.message.filter_${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" data-testid="my-messages-total">
          {data ? translate('pv.message.total', { total: data.total, unread: data.unread }) : ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Chip size="small" variant="outlined" color={status === 'open' ? 'success' : 'default'} label={translate(status === 'open' ? 'pv.message.live' : 'pv.message.offline')} />
        <Button size="small" variant="outlined" startIcon={<DoneAllOutlined />} disabled={!data?.unread} onClick={() => void clearAll()} data-testid="my-messages-clear">
          {translate('pv.message.mark_all')}
        </Button>
      </Stack>
      {!data ? (
        <CircularProgress size={24} />
      ) : data.list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {translate('pv.message.empty')}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {data.list.map((m) => (
            <MessageCard key={m.id} m={m} lang={lang} onRead={() => void markRead([m.id])} onOpen={() => void (m.read ? Promise.resolve() : markRead([m.id])).then(() => openMessageLink(m.link, navigate))} />
          ))}
        </Stack>
      )}
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} /> : null}
    </Box>
  );
};

const MessageCard = ({ m, lang, onRead, onOpen }: { m: MyMessage; lang: 'zh' | 'en'; onRead: () => void; onOpen: () => void }) => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.25, opacity: m.read ? 0.8 : 1 }} data-testid="my-message" data-read={m.read ? '1' : '0'}>
      <LevelDot level={m.level} read={m.read} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: m.read ? 400 : 600 }}>{m.title}</Typography>
          <Chip size="small" variant="outlined" label={typeLabel(translate, m.type)} />
          {m.level !== 'info' ? <Chip size="small" color={LEVEL_COLORS[m.level]} label={levelLabel(translate, m.level)} /> : null}
          {!m.read ? <Chip size="small" color="primary" label={translate('pv.message.unread')} /> : null}
        </Stack>
        {m.content ? (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {m.content}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {m.broadcast ? `${translate('pv.message.broadcast')} · ` : ''}
          {translate('pv.message.from', { name: m.sender_name ?? translate('pv.message.system_sender') })} · {formatDateTime(m.created_at, lang)}
        </Typography>
      </Box>
      <Stack spacing={0.5} sx={{ flex: 'none', alignItems: 'flex-end' }}>
        {!m.read ? (
          <Button size="small" onClick={onRead} data-testid="my-message-read">
            {translate('pv.message.mark_read')}
          </Button>
        ) : null}
        {m.link ? (
          <Button size="small" onClick={onOpen}>
            {translate('pv.message.open_link')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
};
