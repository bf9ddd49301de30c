// The baseline for the login-page JavaScript benchmark: the smallest react-admin app that
// shows its login page (one resource with guessers, an in-memory data provider, an auth provider).
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider } from 'react-admin';

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    throw new Error('not signed in');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const empty = async () => ({ data: [] as never[], total: 0 });
const dataProvider = {
  getList: empty,
  getMany: empty,
  getManyReference: empty,
} as unknown as DataProvider;

createRoot(document.getElementById('root')!).render(
  <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth>
    <Resource name="posts" list={ListGuesser} />
  </Admin>,
);
