/** The date, month and date-time fields (forms/DateInputs.tsx): what a field says when its text is no whole date. */
export const zh = {
  pv: {
    date: {
      invalid: {
        date: '请输入完整有效的日期',
        month: '请输入完整有效的月份',
        datetime: '请输入完整有效的日期和时间',
      },
    },
  },
};

export const en = {
  pv: {
    date: {
      invalid: {
        date: 'Enter a complete, valid date',
        month: 'Enter a complete, valid month',
        datetime: 'Enter a complete, valid date and time',
      },
    },
  },
};
