import { PlanEdit } from './PlanForm.tsx';

export default PlanEdit;
