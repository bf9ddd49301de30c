import { RuleCreate } from './RuleForm.tsx';

export default RuleCreate;
