import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Typography } from '@mui/material';
import { stationDetailPath } from '../station/logic.ts';

/** A list row's station: its code linking to the station page (without opening the row), the name below. */
export const StationCell = ({ record }: { record: { station_id: number; station_code?: string | null; station_name?: string | null } }) => (
  <Box>
    <Link component={RouterLink} to={stationDetailPath(record.station_id)} onClick={(e) => e.stopPropagation()} underline="hover">
      {record.station_code ?? `#${record.station_id}`}
    </Link>
    {record.station_name && (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {record.station_name}
      </Typography>
    )}
  </Box>
);

/** Dense one-line cells for the wide O&M lists. */
export const denseDatagridSx = (maxWidth = 180) =>
  ({
    '& th.RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap', px: 0.75 },
    '& .RaDatagrid-rowCell': { px: 0.75 },
    '& td.RaDatagrid-rowCell': { whiteSpace: 'nowrap', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis' },
  }) as const;

/** A positive id from a query parameter (`?station_id=N` links), else undefined. */
export const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
