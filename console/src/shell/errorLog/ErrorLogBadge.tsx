import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import BugIcon from '@mui/icons-material/BugReportOutlined';
import { appConfig } from '../../config.ts';
import { errorLog, searchLinks, useErrorLog } from './store.ts';

/**
 * The error-log badge of the top bar (SPEC.md §4, §8): shown only while entries exist; opens the
 * 异常捕获 dialog listing route URL, message, details (stack on hover) and search links; 暂不显示
 * clears the log.
 */
export const ErrorLogBadge = () => {
  const translate = useTranslate();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (!appConfig.errorLog || (entries.length === 0 && !open)) return null;

  const dismiss = () => {
    errorLog.clear();
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={translate('pv.error_log.badge')}>
        <IconButton color="inherit" aria-label={translate('pv.error_log.badge')} onClick={() => setOpen(true)} className="pv-error-log-badge">
          <Badge badgeContent={entries.length} color="error" max={99}>
            <BugIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth aria-labelledby="pv-error-log-title">
        <DialogTitle id="pv-error-log-title">
          {translate('pv.error_log.title')}{' '}
          <Typography component="span" variant="body2" color="error">
            {translate('pv.error_log.subtitle')}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          {entries.length === 0 ? (
            <Typography color="text.secondary">{translate('pv.error_log.empty')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('pv.error_log.url')}</TableCell>
                  <TableCell>{translate('pv.error_log.message')}</TableCell>
                  <TableCell>{translate('pv.error_log.detail')}</TableCell>
                  <TableCell>{translate('pv.error_log.search')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => {
                  const links = searchLinks(e.message);
                  return (
                    <TableRow key={e.id}>
                      <TableCell sx={{ wordBreak: 'break-all', maxWidth: 220 }}>{e.url}</TableCell>
                      <TableCell sx={{ color: 'error.main', wordBreak: 'break-word', maxWidth: 360 }}>{e.message}</TableCell>
                      <TableCell>
                        <Tooltip
                          title={<Box component="pre" sx={{ m: 0, fontSize: 11, whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}>{e.stack || e.message}</Box>}
                          slotProps={{ tooltip: { sx: { maxWidth: 640 } } }}
                        >
                          <Typography variant="body2" sx={{ cursor: 'help', textDecoration: 'underline dotted' }}>
                            {translate('pv.error_log.detail_hover')}
                          </Typography>
                        </Tooltip>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Link href={links.baidu} target="_blank" rel="noopener noreferrer" sx={{ mr: 1.5 }}>
                          {translate('pv.error_log.baidu')}
                        </Link>
                        <Link href={links.bing} target="_blank" rel="noopener noreferrer">
                          {translate('pv.error_log.bing')}
                        </Link>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss} color="error">
            {translate('pv.error_log.dismiss')}
          </Button>
          <Button onClick={() => setOpen(false)} variant="contained">
            {translate('pv.error_log.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
