/** ECharts with modular imports only: the chart types and components the screen uses, the canvas renderer. */
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, MapChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GaugeChart, MapChart, GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export { echarts };
