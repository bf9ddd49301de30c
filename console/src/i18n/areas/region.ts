/** The province → city → district inputs (forms/RegionInput.tsx). */
export const zh = {
  pv: {
    region: {
      province: '省份',
      city: '城市',
      district: '区县',
      loading: '正在加载行政区划…',
    },
  },
};

export const en: typeof zh = {
  pv: {
    region: {
      province: 'Province',
      city: 'City',
      district: 'District',
      loading: 'Loading the division list…',
    },
  },
};
