/** Detail pages of every resource: change history (sys_log) and the lifecycle timeline. */
export const zh = {
  pv: {
    history: {
      title: '变更记录',
      empty: '暂无变更记录',
      by: '%{name} · %{time}',
      changed: '%{field}：%{before} → %{after}',
      reason: '原因：%{reason}',
      timeline: '状态时间线',
      timeline_empty: '暂无状态变更',
      action: {
        add: '新建',
        edit: '编辑',
        del: '删除',
        update_field: '修改字段',
        upload: '上传文件',
        threshold: '设置预警阈值',
      },
    },
  },
};

export const en = {
  pv: {
    history: {
      title: 'Change history',
      empty: 'No changes recorded yet',
      by: '%{name} · %{time}',
      changed: '%{field}: %{before} → %{after}',
      reason: 'Reason: %{reason}',
      timeline: 'Status timeline',
      timeline_empty: 'No status changes yet',
      action: {
        add: 'Created',
        edit: 'Edited',
        del: 'Deleted',
        update_field: 'Field changed',
        upload: 'File uploaded',
        threshold: 'Threshold set',
      },
    },
  },
};
