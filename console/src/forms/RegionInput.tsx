import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput, useLocaleState, type SelectInputProps } from 'react-admin';
import { PROVINCES, loadRegions, loadedRegions, regionName, type Region, type RegionTree, type RegionValue } from '@pv/contract';

/**
 * The province → city → district cascade of forms and list filters. Each level is its own input
 * (react-admin filters are one input per source): the city lists the chosen province's cities, the
 * district the chosen city's districts, and changing a level clears the ones below it. The full
 * division list (~40 KB gzip) loads on first use, in its own chunk.
 */

/** The full division list; null until its chunk has loaded (the component re-renders then). */
export function useRegions(): RegionTree | null {
  const [tree, setTree] = useState<RegionTree | null>(loadedRegions);
  useEffect(() => {
    if (tree) return;
    let live = true;
    void loadRegions().then((t) => live && setTree(t));
    return () => {
      live = false;
    };
  }, [tree]);
  return tree;
}

type LevelProps = Omit<SelectInputProps, 'choices' | 'source'> & { source?: string };

interface Sources {
  province: string;
  city: string;
  district: string;
}
const DEFAULT_SOURCES: Sources = { province: 'province_code', city: 'city_code', district: 'district_code' };

function useChoices(regions: readonly Region[]) {
  const [locale] = useLocaleState();
  const lang = locale?.startsWith('en') ? 'en' : 'zh';
  return useMemo(() => regions.map((r) => ({ id: r.code, name: r[lang] })), [regions, lang]);
}

/** Clears the levels below a changed one (the form's own values: create, edit or filter form). */
function useClear(...below: string[]) {
  const { setValue } = useFormContext();
  return () => below.forEach((name) => setValue(name, '', { shouldDirty: true }));
}

const width = { minWidth: 160 };

export const ProvinceInput = ({ source = DEFAULT_SOURCES.province, sources = DEFAULT_SOURCES, ...props }: LevelProps & { sources?: Sources }) => {
  const choices = useChoices(PROVINCES);
  const clear = useClear(sources.city, sources.district);
  return <SelectInput label="pv.region.province" {...props} source={source} choices={choices} onChange={clear} sx={width} />;
};

/** A level below the province: the children of the parent chosen in the same form. */
const ChildLevel = ({ parent, childrenOf, clear, ...props }: Omit<SelectInputProps, 'choices'> & { parent: string; childrenOf: (tree: RegionTree, code: string | undefined) => readonly Region[]; clear: string[] }) => {
  const tree = useRegions();
  const code = useWatch({ name: parent }) as string | undefined;
  const choices = useChoices(useMemo(() => (tree ? childrenOf(tree, code) : []), [tree, code, childrenOf]));
  const onChange = useClear(...clear);
  return (
    <SelectInput {...props} choices={choices} isPending={!tree && !!code} disabled={!code || (!!tree && choices.length === 0)} onChange={onChange} sx={width} />
  );
};

const citiesOf = (tree: RegionTree, code: string | undefined) => tree.citiesOf(code);
const districtsOf = (tree: RegionTree, code: string | undefined) => tree.districtsOf(code);

export const CityInput = ({ source = DEFAULT_SOURCES.city, sources = DEFAULT_SOURCES, ...props }: LevelProps & { sources?: Sources }) => (
  <ChildLevel label="pv.region.city" {...props} source={source} parent={sources.province} childrenOf={citiesOf} clear={[sources.district]} />
);

export const DistrictInput = ({ source = DEFAULT_SOURCES.district, sources = DEFAULT_SOURCES, ...props }: LevelProps & { sources?: Sources }) => (
  <ChildLevel label="pv.region.district" {...props} source={source} parent={sources.city} childrenOf={districtsOf} clear={[]} />
);

/** The three levels side by side (forms); `required` makes the province required. */
export const RegionInput = ({ required = false, sources = DEFAULT_SOURCES }: { required?: boolean; sources?: Sources }) => (
  <>
    <ProvinceInput source={sources.province} sources={sources} isRequired={required} />
    <CityInput source={sources.city} sources={sources} />
    <DistrictInput source={sources.district} sources={sources} />
  </>
);

/** "山东省 / 济南市 / 历下区" in the UI language (names beyond the demo cities once the list has loaded). */
export function useRegionLabel(): (value: RegionValue) => string {
  const tree = useRegions();
  const [locale] = useLocaleState();
  const lang = locale?.startsWith('en') ? 'en' : 'zh';
  return useMemo(() => {
    const name = (code: string | null | undefined) => (code ? (tree?.name(code, lang) ?? regionName(code, lang)) : '');
    return (v) => [name(v.province_code), name(v.city_code), name(v.district_code)].filter(Boolean).join(' / ');
  }, [tree, lang]);
}
