/** `/account/logout`: ends the session, then goes to the sign-in page. */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { logout } from '../../core/index.ts';
import { Loader } from '../components/Loader.tsx';

/** Signs out on arrival. */
export default function LogoutPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    void logout().then(() => navigate('/signin', { replace: true }));
  }, [navigate]);
  return <Loader label="Signing you out" />;
}
