/**
 * ECharts with modular imports only: the chart types and components the screen uses, label layout (the
 * map's station labels move apart instead of overlapping: `labelLayout` does nothing without it), the
 * canvas renderer.
 */
import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, GaugeChart, LineChart, MapChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GaugeChart, MapChart, EffectScatterChart, GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, LabelLayout, CanvasRenderer]);

export { echarts };
