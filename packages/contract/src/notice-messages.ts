/**
 * System messages of the message centre (issue 26): each kind is a key K with `K_title` and, where
 * the body is worded by us, `K_body`; a message stores K and its parameters and is shown in the
 * reader's language (record names, numbers and people's own words stay as they are). Merged into
 * the shared catalogue (i18n.ts). Own file: no imports, no cycles.
 */
export const NOTICE_MESSAGES = {
  zh: {
    'msg.maintenance_response_breached_title': '运维工单响应超时：%{order_no}',
    'msg.maintenance_response_breached_body': '运维工单 %{order_no} 已响应超时，请尽快处理。',
    'msg.maintenance_repair_breached_title': '运维工单修复超时：%{order_no}',
    'msg.maintenance_repair_breached_body': '运维工单 %{order_no} 已修复超时，请尽快处理。',
    'msg.maintenance_dispatched_title': '新运维工单：%{order_no}',
    'msg.maintenance_dispatched_body': '%{priority} · %{description}',
    'msg.inspection_reassigned_title': '巡检任务改派给你：%{inspection_no}',
    'msg.inspection_reassigned_body': '巡检任务 %{inspection_no} 已改派给你，请按期完成。',
    'msg.inspections_generated_title': '新巡检任务：%{plan} %{period}，%{count} 个电站',
    'msg.inspections_generated_body': '巡检计划 %{plan_no}（%{plan}）%{period} 期已生成 %{count} 个电站的巡检任务。',
    'msg.matter_assigned_title': '光E宝事项待处理：%{matter_no}',
    'msg.matters_assigned_title': '光E宝事项待处理：%{count} 件',
    'msg.work_order_dispatched_title': '新%{kind}：%{order_no}',
    'msg.work_orders_dispatched_title': '新%{kind}：%{count} 张',
    'msg.low_stock_title': '库存预警：%{warehouse} · %{material}',
    'msg.low_stock_body': '仓库“%{warehouse}”的物料“%{material}”（%{code}）当前库存 %{qty}%{unit}，低于预警阈值 %{threshold}%{unit}，请及时补货。',
  },
  en: {
    'msg.maintenance_response_breached_title': 'Maintenance order response overdue: %{order_no}',
    'msg.maintenance_response_breached_body': 'Maintenance order %{order_no} has missed its response deadline; please handle it now.',
    'msg.maintenance_repair_breached_title': 'Maintenance order repair overdue: %{order_no}',
    'msg.maintenance_repair_breached_body': 'Maintenance order %{order_no} has missed its repair deadline; please handle it now.',
    'msg.maintenance_dispatched_title': 'New maintenance order: %{order_no}',
    'msg.maintenance_dispatched_body': '%{priority} · %{description}',
    'msg.inspection_reassigned_title': 'Inspection reassigned to you: %{inspection_no}',
    'msg.inspection_reassigned_body': 'Inspection %{inspection_no} is now yours; please complete it by its deadline.',
    'msg.inspections_generated_title': 'New inspections: %{plan} %{period}, %{count} station(s)',
    'msg.inspections_generated_body': 'Plan %{plan_no} (%{plan}) made the inspections of %{count} station(s) for %{period}.',
    'msg.matter_assigned_title': 'GuangEbao matter to handle: %{matter_no}',
    'msg.matters_assigned_title': 'GuangEbao matters to handle: %{count}',
    'msg.work_order_dispatched_title': '%{kind} dispatched to you: %{order_no}',
    'msg.work_orders_dispatched_title': '%{kind}: %{count} dispatched to you',
    'msg.low_stock_title': 'Low stock: %{warehouse} · %{material}',
    'msg.low_stock_body': 'Material "%{material}" (%{code}) at warehouse "%{warehouse}" is down to %{qty} %{unit}, below its threshold of %{threshold} %{unit}; please restock.',
  },
} as const;
