/** Excel export and import of the lists (resources/customer/excel). */
export const zh = {
  pv: {
    excel: {
      export: '导出 Excel',
      exporting: '正在导出…',
      export_hint: '按当前筛选和排序导出全部记录',
      exported: '已导出 %{name}',
      export_failed: '导出失败：%{msg}',
      import: '导入 Excel',
      import_title: { customer: '从 Excel 导入客户', station: '从 Excel 导入电站', stock: '导入盘点结果（Excel）', maintenance: '导入告警清单（Excel）', revenue: '导入电网结算单（Excel）', renewal: '按 Excel 批量续保' },
      hint: '请先下载导入模板，按表头填写（带 * 的列必填，示例行请替换或删除），再选择文件上传。所有行校验通过后才会一次性导入；任何一行有错误则不导入任何数据。',
      template: '下载导入模板',
      choose: '选择文件',
      no_file: '未选择文件（.xlsx）',
      no_sheet: '未选择文件（.xlsx 或 .csv）',
      upload: '上传并导入',
      uploading: '正在导入…',
      imported: { customer: '已导入 %{n} 位客户', station: '已导入 %{n} 个电站', stock: '已处理 %{n} 行盘点结果，差异已过账为盘点调整', maintenance: '已按告警生成 %{n} 张运维工单', revenue: '已导入 %{n} 行实际收益', renewal: '已续保 %{n} 张保单' },
      row: '行号',
      column: '列',
      message: '错误信息',
      close: '关闭',
    },
  },
};

export const en: typeof zh = {
  pv: {
    excel: {
      export: 'Export Excel',
      exporting: 'Exporting…',
      export_hint: 'Exports every record of the current filter and sort',
      exported: 'Saved %{name}',
      export_failed: 'Export failed: %{msg}',
      import: 'Import Excel',
      import_title: { customer: 'Import customers from Excel', station: 'Import stations from Excel', stock: 'Import stock-take counts (Excel)', maintenance: 'Import an alarm list (Excel)', revenue: "Import the grid company's settlement sheet (Excel)", renewal: 'Renew policies from an Excel sheet' },
      hint: 'Download the template, fill in one record per row under its headers (columns marked * are required; replace or delete the example row), then choose the file and upload it. Rows are imported only when every row is valid; if any row has an error, nothing is imported.',
      template: 'Download template',
      choose: 'Choose file',
      no_file: 'No file chosen (.xlsx)',
      no_sheet: 'No file chosen (.xlsx or .csv)',
      upload: 'Upload and import',
      uploading: 'Importing…',
      imported: { customer: 'Imported %{n} customer(s)', station: 'Imported %{n} station(s)', stock: 'Processed %{n} stock-take row(s); differences were posted as adjustments', maintenance: 'Opened %{n} maintenance order(s) from the alarms', revenue: 'Imported actual revenue for %{n} row(s)', renewal: 'Renewed %{n} polic(ies)' },
      row: 'Row',
      column: 'Column',
      message: 'Error',
      close: 'Close',
    },
  },
};
