/* IE cannot run the console (SPEC.md §8): a warning advising an upgrade or a dual-core browser's fast mode. Plain ES3, before the app bundle. */
(function () {
  var ua = window.navigator.userAgent;
  if (!document.documentMode && !/MSIE |Trident\//.test(ua)) return;
  var zh = '\u68c0\u6d4b\u5230\u60a8\u6b63\u5728\u4f7f\u7528 IE \u6d4f\u89c8\u5668\uff0c\u672c\u7cfb\u7edf\u4e0d\u652f\u6301 IE\u3002\u8bf7\u5347\u7ea7\u5230 Chrome\u3001Edge\u3001Firefox \u7b49\u73b0\u4ee3\u6d4f\u89c8\u5668\uff1b\u82e5\u4f7f\u7528 360\u3001QQ \u7b49\u53cc\u6838\u6d4f\u89c8\u5668\uff0c\u8bf7\u5207\u6362\u5230\u6781\u901f\u6a21\u5f0f\u3002';
  var en = 'Internet Explorer is not supported. Please upgrade to a modern browser (Chrome, Edge, Firefox), or switch a dual-core browser to its fast mode.';
  var root = document.getElementById('root');
  if (root) root.innerHTML = '<div style="max-width:560px;margin:80px auto;padding:24px;border:1px solid #f5a623;background:#fffbe6;color:#333;font-size:14px;line-height:1.8"><h3 style="margin:0 0 8px;color:#d4380d">IE</h3><p>' + zh + '</p><p>' + en + '</p></div>';
  window.alert(zh + '\n\n' + en);
})();
