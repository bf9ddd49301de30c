import { RuleEdit } from './RuleForm.tsx';

export default RuleEdit;
