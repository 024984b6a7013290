import { NotFoundView } from '../ui/errors/not-found-view';

export default function NotFound() {
  return <NotFoundView />;
}
