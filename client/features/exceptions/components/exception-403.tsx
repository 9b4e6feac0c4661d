import { ExceptionPage } from './exception-page';

export default function Exception403() {
  return <ExceptionPage type="403" />;
}
