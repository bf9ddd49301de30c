import { CustomerList } from './CustomerList.tsx';

const IntentionalList = () => <CustomerList stage="intentional" />;
export default IntentionalList;
