/**
 * Messages of app version management (issue 16), merged into the shared catalogue (i18n.ts) so the
 * server and the console say the same words. No imports, no cycles.
 */
export const APP_VERSION_MESSAGES = {
  zh: {
    'validation.app_version_name': '版本名须为 x.y.z 格式的数字（如 1.2.3，不带前导零）',
    'validation.app_version_code': '版本号须为 1 至 2000000000 的整数',
    'validation.app_rollout': '灰度比例须为 0 至 100 的整数',
    'validation.app_store_url': '请输入 https:// 开头的应用商店地址',
    'validation.app_min_version': '最低支持版本不能高于本版本',
    'error.app_version_duplicate': '%{platform} 已有%{field}为 %{value} 的版本',
    'error.app_version_not_newer': '%{platform} 已发布的版本 %{other}（版本号 %{other_code}）不低于本版本 %{name}（版本号 %{code}）：版本名和版本号都须高于已发布的版本',
    'error.app_version_no_package': '请先上传 Android 安装包再发布',
    'error.app_version_no_store_url': '请先填写 %{platform} 的应用商店地址再发布',
    'error.app_version_store_url_android': 'Android 版本须上传安装包，不使用应用商店地址',
    'error.app_version_package_platform': '只有 Android 版本上传安装包（%{platform} 版本请填写应用商店地址）',
    'error.app_package_not_apk': '这不是 Android 安装包（.apk）',
    'error.app_package_empty': '安装包是空文件',
  },
  en: {
    'validation.app_version_name': 'The version name must be x.y.z numbers (e.g. 1.2.3, no leading zeros)',
    'validation.app_version_code': 'The version code must be a whole number from 1 to 2000000000',
    'validation.app_rollout': 'The rollout must be a whole number from 0 to 100',
    'validation.app_store_url': 'Enter the app store link starting with https://',
    'validation.app_min_version': 'The minimum supported version must not be above this release',
    'error.app_version_duplicate': '%{platform} already has a release with %{field} %{value}',
    'error.app_version_not_newer': 'The published %{platform} release %{other} (code %{other_code}) is not older than this one, %{name} (code %{code}): the version name and code must both be above every published release',
    'error.app_version_no_package': 'Upload the Android package before publishing',
    'error.app_version_no_store_url': 'Enter the %{platform} app store link before publishing',
    'error.app_version_store_url_android': 'Android releases carry the uploaded package, not a store link',
    'error.app_version_package_platform': 'Only Android releases take a package (enter the store link for %{platform})',
    'error.app_package_not_apk': 'This is not an Android package (.apk)',
    'error.app_package_empty': 'The package is an empty file',
  },
} as const;
