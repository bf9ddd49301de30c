import { useState } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import MonitorIcon from '@mui/icons-material/MonitorOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { INTENTIONAL, FORMAL } from '../providers/resources.ts';
import { session } from '../providers/session.ts';

/** 首页; 客户管理 → 意向客户, 正式客户; 大屏 (identity system only, new tab). */
export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const [customerOpen, setCustomerOpen] = useState(true);
  const isSystem = session.getIdentity() === 'system';
  const customerLabel = translate('pv.menu.customer');
  return (
    <RaMenu>
      <RaMenu.Item to="/" primaryText={translate('pv.menu.home')} leftIcon={<HomeIcon />} />
      <Tooltip title={open ? '' : customerLabel} placement="right">
        <MenuItem onClick={() => setCustomerOpen((v) => !v)} aria-expanded={customerOpen} sx={{ color: 'text.secondary' }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <PeopleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={customerLabel} />
          {customerOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </MenuItem>
      </Tooltip>
      <Collapse in={customerOpen} timeout="auto" unmountOnExit>
        <List component="div" disablePadding sx={{ '& .MuiMenuItem-root': { pl: open ? 4 : 2 } }}>
          <RaMenu.Item to={`/${INTENTIONAL}`} primaryText={translate('pv.menu.intentional')} leftIcon={<PersonSearchIcon />} />
          <RaMenu.Item to={`/${FORMAL}`} primaryText={translate('pv.menu.formal')} leftIcon={<HowToRegIcon />} />
        </List>
      </Collapse>
      {isSystem && (
        <MenuItem component="a" href="/daping/" target="_blank" rel="noopener" sx={{ color: 'text.secondary' }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <MonitorIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('pv.menu.daping')} />
        </MenuItem>
      )}
    </RaMenu>
  );
};
