import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { WORKFLOW_RESOURCE } from './logic.ts';

const WorkflowList = lazyView(() => import('./WorkflowList.tsx'));

/** 工作流: #/other/workflow; a row opens the designer #/other/workflowDesigner?id=N (its own chunk, with React Flow). */
export const workflow = {
  name: WORKFLOW_RESOURCE,
  list: WorkflowList,
  recordRepresentation: 'name',
  options: { label: 'pv.route.workflow' },
};

export const loadWorkflowDesigner = () => import('./WorkflowDesigner.tsx');
