import { PlanCreate } from './PlanForm.tsx';

export default PlanCreate;
