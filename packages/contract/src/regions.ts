import type { Lang } from './i18n.ts';
import type { RegionTree } from './regions-tree.ts';
import { CITY_CODE_PREFIXES } from './regions-codes.ts';

export type { RegionTree, RegionValue, RegionError, RegionLevel } from './regions-tree.ts';

/**
 * Provincial-level divisions (GB/T 2260 codes) and, for the demo data, the main prefecture-level
 * cities of each. The full province → city → district dataset (3,300-odd divisions, ~40 KB gzip)
 * loads on demand: `await loadRegions()` (regions-tree.ts), so it stays out of the login bundle.
 */
export interface Region {
  code: string;
  zh: string;
  en: string;
}

export const PROVINCES: readonly Region[] = [
  { code: '110000', zh: '北京市', en: 'Beijing' },
  { code: '120000', zh: '天津市', en: 'Tianjin' },
  { code: '130000', zh: '河北省', en: 'Hebei' },
  { code: '140000', zh: '山西省', en: 'Shanxi' },
  { code: '150000', zh: '内蒙古自治区', en: 'Inner Mongolia' },
  { code: '210000', zh: '辽宁省', en: 'Liaoning' },
  { code: '220000', zh: '吉林省', en: 'Jilin' },
  { code: '230000', zh: '黑龙江省', en: 'Heilongjiang' },
  { code: '310000', zh: '上海市', en: 'Shanghai' },
  { code: '320000', zh: '江苏省', en: 'Jiangsu' },
  { code: '330000', zh: '浙江省', en: 'Zhejiang' },
  { code: '340000', zh: '安徽省', en: 'Anhui' },
  { code: '350000', zh: '福建省', en: 'Fujian' },
  { code: '360000', zh: '江西省', en: 'Jiangxi' },
  { code: '370000', zh: '山东省', en: 'Shandong' },
  { code: '410000', zh: '河南省', en: 'Henan' },
  { code: '420000', zh: '湖北省', en: 'Hubei' },
  { code: '430000', zh: '湖南省', en: 'Hunan' },
  { code: '440000', zh: '广东省', en: 'Guangdong' },
  { code: '450000', zh: '广西壮族自治区', en: 'Guangxi' },
  { code: '460000', zh: '海南省', en: 'Hainan' },
  { code: '500000', zh: '重庆市', en: 'Chongqing' },
  { code: '510000', zh: '四川省', en: 'Sichuan' },
  { code: '520000', zh: '贵州省', en: 'Guizhou' },
  { code: '530000', zh: '云南省', en: 'Yunnan' },
  { code: '540000', zh: '西藏自治区', en: 'Tibet' },
  { code: '610000', zh: '陕西省', en: 'Shaanxi' },
  { code: '620000', zh: '甘肃省', en: 'Gansu' },
  { code: '630000', zh: '青海省', en: 'Qinghai' },
  { code: '640000', zh: '宁夏回族自治区', en: 'Ningxia' },
  { code: '650000', zh: '新疆维吾尔自治区', en: 'Xinjiang' },
  { code: '710000', zh: '台湾省', en: 'Taiwan' },
  { code: '810000', zh: '香港特别行政区', en: 'Hong Kong' },
  { code: '820000', zh: '澳门特别行政区', en: 'Macao' },
];

export const CITIES: readonly Region[] = [
  { code: '110100', zh: '北京市', en: 'Beijing' },
  { code: '120100', zh: '天津市', en: 'Tianjin' },
  { code: '130100', zh: '石家庄市', en: 'Shijiazhuang' },
  { code: '130200', zh: '唐山市', en: 'Tangshan' },
  { code: '130400', zh: '邯郸市', en: 'Handan' },
  { code: '130500', zh: '邢台市', en: 'Xingtai' },
  { code: '130600', zh: '保定市', en: 'Baoding' },
  { code: '131100', zh: '衡水市', en: 'Hengshui' },
  { code: '140100', zh: '太原市', en: 'Taiyuan' },
  { code: '140200', zh: '大同市', en: 'Datong' },
  { code: '140800', zh: '运城市', en: 'Yuncheng' },
  { code: '150100', zh: '呼和浩特市', en: 'Hohhot' },
  { code: '210100', zh: '沈阳市', en: 'Shenyang' },
  { code: '220100', zh: '长春市', en: 'Changchun' },
  { code: '230100', zh: '哈尔滨市', en: 'Harbin' },
  { code: '310100', zh: '上海市', en: 'Shanghai' },
  { code: '320100', zh: '南京市', en: 'Nanjing' },
  { code: '320300', zh: '徐州市', en: 'Xuzhou' },
  { code: '320500', zh: '苏州市', en: 'Suzhou' },
  { code: '320800', zh: '淮安市', en: "Huai'an" },
  { code: '320900', zh: '盐城市', en: 'Yancheng' },
  { code: '321300', zh: '宿迁市', en: 'Suqian' },
  { code: '330100', zh: '杭州市', en: 'Hangzhou' },
  { code: '330200', zh: '宁波市', en: 'Ningbo' },
  { code: '330300', zh: '温州市', en: 'Wenzhou' },
  { code: '330400', zh: '嘉兴市', en: 'Jiaxing' },
  { code: '330700', zh: '金华市', en: 'Jinhua' },
  { code: '340100', zh: '合肥市', en: 'Hefei' },
  { code: '340300', zh: '蚌埠市', en: 'Bengbu' },
  { code: '341200', zh: '阜阳市', en: 'Fuyang' },
  { code: '341300', zh: '宿州市', en: 'Suzhou (Anhui)' },
  { code: '341500', zh: '六安市', en: "Lu'an" },
  { code: '350100', zh: '福州市', en: 'Fuzhou' },
  { code: '350200', zh: '厦门市', en: 'Xiamen' },
  { code: '350500', zh: '泉州市', en: 'Quanzhou' },
  { code: '360100', zh: '南昌市', en: 'Nanchang' },
  { code: '360700', zh: '赣州市', en: 'Ganzhou' },
  { code: '370100', zh: '济南市', en: 'Jinan' },
  { code: '370200', zh: '青岛市', en: 'Qingdao' },
  { code: '370300', zh: '淄博市', en: 'Zibo' },
  { code: '370600', zh: '烟台市', en: 'Yantai' },
  { code: '370700', zh: '潍坊市', en: 'Weifang' },
  { code: '370800', zh: '济宁市', en: 'Jining' },
  { code: '371300', zh: '临沂市', en: 'Linyi' },
  { code: '371400', zh: '德州市', en: 'Dezhou' },
  { code: '371500', zh: '聊城市', en: 'Liaocheng' },
  { code: '371700', zh: '菏泽市', en: 'Heze' },
  { code: '410100', zh: '郑州市', en: 'Zhengzhou' },
  { code: '410300', zh: '洛阳市', en: 'Luoyang' },
  { code: '410700', zh: '新乡市', en: 'Xinxiang' },
  { code: '411300', zh: '南阳市', en: 'Nanyang' },
  { code: '411400', zh: '商丘市', en: 'Shangqiu' },
  { code: '411500', zh: '信阳市', en: 'Xinyang' },
  { code: '411600', zh: '周口市', en: 'Zhoukou' },
  { code: '411700', zh: '驻马店市', en: 'Zhumadian' },
  { code: '420100', zh: '武汉市', en: 'Wuhan' },
  { code: '420600', zh: '襄阳市', en: 'Xiangyang' },
  { code: '421000', zh: '荆州市', en: 'Jingzhou' },
  { code: '430100', zh: '长沙市', en: 'Changsha' },
  { code: '430400', zh: '衡阳市', en: 'Hengyang' },
  { code: '440100', zh: '广州市', en: 'Guangzhou' },
  { code: '440300', zh: '深圳市', en: 'Shenzhen' },
  { code: '441300', zh: '惠州市', en: 'Huizhou' },
  { code: '441900', zh: '东莞市', en: 'Dongguan' },
  { code: '450100', zh: '南宁市', en: 'Nanning' },
  { code: '460100', zh: '海口市', en: 'Haikou' },
  { code: '500100', zh: '重庆市', en: 'Chongqing' },
  { code: '510100', zh: '成都市', en: 'Chengdu' },
  { code: '520100', zh: '贵阳市', en: 'Guiyang' },
  { code: '530100', zh: '昆明市', en: 'Kunming' },
  { code: '540100', zh: '拉萨市', en: 'Lhasa' },
  { code: '610100', zh: '西安市', en: "Xi'an" },
  { code: '620100', zh: '兰州市', en: 'Lanzhou' },
  { code: '630100', zh: '西宁市', en: 'Xining' },
  { code: '640100', zh: '银川市', en: 'Yinchuan' },
  { code: '650100', zh: '乌鲁木齐市', en: 'Urumqi' },
];

const provinceByCode = new Map(PROVINCES.map((p) => [p.code, p]));
const cityByCode = new Map(CITIES.map((c) => [c.code, c]));

export const isProvinceCode = (code: string): boolean => provinceByCode.has(code);
const cityCodes = new Set(CITY_CODE_PREFIXES.split(' ').map((p) => `${p}00`));
/**
 * Any prefecture-level code of the dataset (370100, 371700 …). Whether the city belongs to the chosen
 * province and the district to the city is RegionTree.regionError (the server checks it on every write).
 */
export const isCityCode = (code: string): boolean => cityCodes.has(code);
/** A city belongs to the province whose code shares its first two digits. */
export const cityInProvince = (city: string, province: string): boolean => city.slice(0, 2) === province.slice(0, 2);
/** The demo cities (CITIES) of a province; every city: `(await loadRegions()).citiesOf(province)`. */
export const citiesOf = (province: string): Region[] => CITIES.filter((c) => cityInProvince(c.code, province));

let loaded: RegionTree | null = null;
let loading: Promise<RegionTree> | null = null;

/** The full dataset, loaded once (a separate chunk in the console). */
export function loadRegions(): Promise<RegionTree> {
  loading ??= import('./regions-tree.ts').then(({ RegionTree }) => (loaded = new RegionTree()));
  return loading;
}

/** The full dataset if loadRegions() has finished, else null. */
export const loadedRegions = (): RegionTree | null => loaded;

/** The name of a province, city or district; cities and districts outside CITIES once loadRegions() is done. */
export function regionName(code: string | null | undefined, lang: Lang): string {
  if (!code) return '';
  const region = provinceByCode.get(code) ?? cityByCode.get(code) ?? loaded?.get(code);
  return region ? region[lang] : code;
}
