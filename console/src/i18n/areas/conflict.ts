/** An edit refused because someone else saved the record meanwhile (409): what they changed. */
export const zh = {
  pv: {
    conflict: {
      title: '该记录已被他人修改',
      hint: '你编辑期间，%{who}保存了这条记录（现为第 %{version} 版）。以下字段与你打开时不同：',
      someone: '其他人',
      none: '对方修改的不是你能编辑的字段。',
      field: '字段',
      seen: '你打开时',
      now: '现在',
      mine: '你的填写',
      reload: '放弃我的修改，载入最新',
      overwrite: '保留我的修改并保存',
      saved: '已按你的修改保存',
    },
  },
};

export const en: typeof zh = {
  pv: {
    conflict: {
      title: 'Someone else changed this record',
      hint: 'While you were editing, %{who} saved this record (now version %{version}). These fields differ from when you opened it:',
      someone: 'someone else',
      none: 'They changed fields you cannot edit here.',
      field: 'Field',
      seen: 'When you opened it',
      now: 'Now',
      mine: 'Your input',
      reload: 'Discard mine and load the latest',
      overwrite: 'Keep mine and save',
      saved: 'Saved with your changes',
    },
  },
};
