import HomeIcon from '@mui/icons-material/HomeOutlined';
import AppVersionIcon from '@mui/icons-material/SystemUpdateOutlined';
import SettlementIcon from '@mui/icons-material/HandshakeOutlined';
import SettlementRuleIcon from '@mui/icons-material/RuleOutlined';
import InvoiceIcon from '@mui/icons-material/RequestQuoteOutlined';
import StatementIcon from '@mui/icons-material/CompareArrowsOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import WorkbenchIcon from '@mui/icons-material/WorkOutline';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import SolarIcon from '@mui/icons-material/SolarPowerOutlined';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import GridIcon from '@mui/icons-material/ElectricalServicesOutlined';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import AgentIcon from '@mui/icons-material/StorefrontOutlined';
import MoreIcon from '@mui/icons-material/AppsOutlined';
import WorkflowIcon from '@mui/icons-material/AccountTreeOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import RoleIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DepartmentIcon from '@mui/icons-material/CorporateFareOutlined';
import MenuIcon from '@mui/icons-material/MenuOpenOutlined';
import TaskIcon from '@mui/icons-material/ScheduleOutlined';
import LogIcon from '@mui/icons-material/ReceiptLongOutlined';
import MessageIcon from '@mui/icons-material/MailOutline';
import MonitorIcon from '@mui/icons-material/MonitorOutlined';
import DotIcon from '@mui/icons-material/FiberManualRecordOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import OperationIcon from '@mui/icons-material/EngineeringOutlined';
import MaterialIcon from '@mui/icons-material/Inventory2Outlined';
import WarehouseIcon from '@mui/icons-material/WarehouseOutlined';
import StockIcon from '@mui/icons-material/ListAltOutlined';
import PlanIcon from '@mui/icons-material/EventRepeatOutlined';
import InspectionIcon from '@mui/icons-material/ChecklistOutlined';
import MaintenanceIcon from '@mui/icons-material/HandymanOutlined';
import FinanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import LeaseIcon from '@mui/icons-material/HistoryEduOutlined';
import BillIcon from '@mui/icons-material/RequestQuoteOutlined';
import RevenueIcon from '@mui/icons-material/PaidOutlined';
import RevenueReportIcon from '@mui/icons-material/QueryStatsOutlined';
import RentReportIcon from '@mui/icons-material/AssessmentOutlined';
import TariffIcon from '@mui/icons-material/PriceChangeOutlined';
import PaymentIcon from '@mui/icons-material/PaymentsOutlined';
import PartnerIcon from '@mui/icons-material/HandshakeOutlined';
import PartnerListIcon from '@mui/icons-material/BusinessOutlined';
import InsurancePolicyIcon from '@mui/icons-material/VerifiedUserOutlined';
import InsuranceClaimIcon from '@mui/icons-material/ReportProblemOutlined';

/** Menu icon keys (route meta.icon) → MUI icons; an unknown key draws a small dot. */
export const MENU_ICONS: Record<string, typeof HomeIcon> = {
  home: HomeIcon,
  dashboard: DashboardIcon,
  workbench: WorkbenchIcon,
  customer: PeopleIcon,
  intentional: PersonSearchIcon,
  formal: HowToRegIcon,
  station: SolarIcon,
  build: ConstructionIcon,
  audit: FactCheckIcon,
  grid: GridIcon,
  matter: AssignmentIcon,
  agent: AgentIcon,
  other: MoreIcon,
  workflow: WorkflowIcon,
  setting: SettingsIcon,
  person: PersonIcon,
  user: UserIcon,
  role: RoleIcon,
  department: DepartmentIcon,
  menu: MenuIcon,
  task: TaskIcon,
  log: LogIcon,
  message: MessageIcon,
  daping: MonitorIcon,
  displayToken: KeyIcon,
  operation: OperationIcon,
  material: MaterialIcon,
  warehouse: WarehouseIcon,
  stock: StockIcon,
  plan: PlanIcon,
  inspection: InspectionIcon,
  maintenance: MaintenanceIcon,
  finance: FinanceIcon,
  lease: LeaseIcon,
  bill: BillIcon,
  revenue: RevenueIcon,
  revenueReport: RevenueReportIcon,
  tariff: TariffIcon,
  rentReport: RentReportIcon,
  payment: PaymentIcon,
  settlement: SettlementIcon,
  settlementRule: SettlementRuleIcon,
  invoice: InvoiceIcon,
  statement: StatementIcon,
  appVersion: AppVersionIcon,
  partner: PartnerIcon,
  partnerList: PartnerListIcon,
  insurancePolicy: InsurancePolicyIcon,
  insuranceClaim: InsuranceClaimIcon,
};

export const MenuIconOf = ({ icon, fontSize = 'small' }: { icon?: string; fontSize?: 'small' | 'medium' | 'inherit' }) => {
  const Icon = (icon && MENU_ICONS[icon]) || DotIcon;
  return <Icon fontSize={fontSize} />;
};
