import { CustomerList } from './CustomerList.tsx';

const FormalList = () => <CustomerList stage="formal" />;
export default FormalList;
