/** `POST /api/system/statistic/user_area`: customers, stations and capacity by province. */
export interface UserAreaRow {
  code: string;
  name: string;
  customers: number;
  stations: number;
  capacity_kwp: number;
}
export interface UserAreaStat {
  /** when the numbers were computed (ISO time) */
  as_of: string;
  provinces: UserAreaRow[];
}
