import { MatterChannel, MatterStatus, MatterType } from '@pv/contract';
import { col } from '../../excel/columns.ts';
import type { ExportSpec } from '../../excel/export.ts';
import type { MatterResource } from './resource.ts';

/** What a matter export contains: labels for codes, names for ids, China time. */
export const matterExportOf = (def: MatterResource): ExportSpec => ({
  def,
  title: ['光E宝事项', 'matters'],
  columns: [
    col.text('matter_no', 20, ['事项编号', 'Matter no.']),
    col.enumOf('type', MatterType, 12, ['类型', 'Type']),
    col.enumOf('status', MatterStatus, 10, ['状态', 'Status']),
    col.enumOf('channel', MatterChannel, 12, ['渠道', 'Channel']),
    col.text('title', 24, ['标题', 'Title']),
    col.text('content', 40, ['内容', 'Content']),
    col.text('customer_name', 12, ['客户', 'Customer']),
    col.text('contact_phone', 14, ['联系电话', 'Contact phone']),
    col.text('station_code', 20, ['电站编码', 'Station code']),
    col.region('province_code', 12, ['省份', 'Province']),
    col.text('agent_name', 16, ['代理商', 'Agent']),
    col.text('handler_name', 10, ['处理人', 'Handler']),
    col.dateTime('assigned_at', 18, ['指派时间', 'Assigned at']),
    col.number('reply_count', 8, ['回复数', 'Replies']),
    col.dateTime('last_reply_at', 18, ['最后回复', 'Last reply']),
    col.text('result', 30, ['处理结果', 'Result']),
    col.number('satisfaction', 8, ['满意度', 'Satisfaction']),
    col.dateTime('handled_at', 18, ['办结时间', 'Handled at']),
    col.dateTime('created_at', 18, ['创建时间', 'Created at']),
  ],
});
