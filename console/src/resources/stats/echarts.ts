/**
 * ECharts for the dashboard with modular imports only (like daping/src/echarts.ts): the chart types
 * and components the dashboard draws, and the canvas renderer. Loaded with the dashboard's chunk.
 */
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, GaugeChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, FunnelChart, GaugeChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
