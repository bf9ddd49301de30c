import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { WORKFLOW_INSTANCE_RESOURCE, WORKFLOW_RESOURCE } from '../names.ts';

const WorkflowList = lazyView(() => import('./WorkflowList.tsx'));

/** 工作流: #/other/workflow; a row opens the designer #/other/workflowDesigner?id=N (its own chunk, with React Flow). */
export const workflow = {
  name: WORKFLOW_RESOURCE,
  list: WorkflowList,
  recordRepresentation: 'name',
  options: { label: 'pv.route.workflow' },
};

const InstanceList = lazyView(() => import('./InstanceList.tsx'));

/** 流程实例: #/other/workflowInstance; a row opens its record's page. */
export const workflowInstance = {
  name: WORKFLOW_INSTANCE_RESOURCE,
  list: InstanceList,
  options: { label: 'pv.route.workflowInstance' },
};

export const loadWorkflowDesigner = () => import('./WorkflowDesigner.tsx');
