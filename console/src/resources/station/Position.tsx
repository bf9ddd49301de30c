import { useRecordContext, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { Station } from '@pv/contract';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { CHINA_FRAME, formatCoordinates, framePosition } from './logic.ts';

const W = 320;
const H = 190;

/**
 * 地图位置 without a map service (no network): the coordinates, and a sketch of the longitude /
 * latitude frame of China with graticule lines every 10° and a marker where the station is.
 */
export const PositionSketch = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const text = formatCoordinates(record.lng, record.lat);
  return (
    <Panel title="pv.station.position" testId="station-position">
      {!text ? (
        <EmptyNote text="pv.station.no_position" />
      ) : (
        <>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', mb: 1 }} data-testid="station-coordinates">
            {text}
          </Typography>
          <Sketch lng={record.lng!} lat={record.lat!} label={translate('pv.station.position_marker', { code: record.code })} />
          {!framePosition(record.lng!, record.lat!).inside && (
            <Typography variant="caption" color="warning.main">
              {translate('pv.station.outside_china')}
            </Typography>
          )}
        </>
      )}
    </Panel>
  );
};

const Sketch = ({ lng, lat, label }: { lng: number; lat: number; label: string }) => {
  const { x, y } = framePosition(lng, lat);
  const f = CHINA_FRAME;
  const meridians: number[] = [];
  for (let v = Math.ceil(f.west / 10) * 10; v <= f.east; v += 10) meridians.push(v);
  const parallels: number[] = [];
  for (let v = Math.ceil(f.south / 10) * 10; v <= f.north; v += 10) parallels.push(v);
  const px = (v: number) => ((v - f.west) / (f.east - f.west)) * W;
  const py = (v: number) => ((f.north - v) / (f.north - f.south)) * H;
  const mx = x * W;
  const my = y * H;
  return (
    <Box sx={{ color: 'text.secondary', '& svg': { display: 'block', width: '100%', height: 'auto', borderRadius: 1, border: '1px solid', borderColor: 'divider', bgcolor: 'action.hover' } }}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        {meridians.map((v) => (
          <g key={`m${v}`}>
            <line x1={px(v)} x2={px(v)} y1={0} y2={H} stroke="currentColor" strokeOpacity={0.25} strokeDasharray="2 3" />
            <text x={px(v) + 2} y={H - 4} fontSize={9} fill="currentColor">{`${v}°E`}</text>
          </g>
        ))}
        {parallels.map((v) => (
          <g key={`p${v}`}>
            <line x1={0} x2={W} y1={py(v)} y2={py(v)} stroke="currentColor" strokeOpacity={0.25} strokeDasharray="2 3" />
            <text x={3} y={py(v) - 2} fontSize={9} fill="currentColor">{`${v}°N`}</text>
          </g>
        ))}
        <circle cx={mx} cy={my} r={10} fill="#d32f2f" fillOpacity={0.15} />
        <path d={`M ${mx} ${my} l -6 -13 a 7 7 0 1 1 12 0 z`} fill="#d32f2f" stroke="#fff" strokeWidth={1} />
        <circle cx={mx} cy={my - 15} r={2.5} fill="#fff" />
      </svg>
    </Box>
  );
};
