/**
 * Tables and detail pages (pv.table.*, pv.detail.*): the expand button of a row whose columns a narrow
 * table collapsed, the activity section of a detail page.
 */
export const zh = {
  pv: {
    table: {
      expand: '展开本行其余字段',
      collapse: '收起本行其余字段',
      collapsed_hint: '表格较窄，%{n} 列已收起，点击行首 ▸ 查看',
      actions: '操作',
      by: '操作人',
      at: '时间',
    },
    detail: {
      activity: '动态',
    },
  },
};

export const en = {
  pv: {
    table: {
      expand: "Show this row's other fields",
      collapse: "Hide this row's other fields",
      collapsed_hint: 'Narrow table: %{n} columns folded into the rows (▸)',
      actions: 'Actions',
      by: 'By',
      at: 'Time',
    },
    detail: {
      activity: 'Activity',
    },
  },
};
