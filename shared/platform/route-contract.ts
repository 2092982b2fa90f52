/**
 * What one API route is on the wire and what it may touch: the shape each
 * feature's route list (`shared/<feature>/*-routes.ts`) declares. The route
 * table (shared/routes.ts) assembles the lists, and the route names are read
 * off them, so a route is named once, in its feature's list.
 */
import type { StaffRole } from '../auth';
import type { ResourceUse } from '../resources';

export interface RouteContract<Name extends string = string> {
  /** Also the name of the handler and of its Lambda entry file. */
  name: Name;
  method: 'GET' | 'POST';
  /** Path under the site origin; `{index}` marks a path parameter. */
  path: string;
  access: 'public' | 'staff';
  /** For staff routes: the roles besides `admin` (who may call every route) that may call it. */
  roles?: readonly Exclude<StaffRole, 'admin'>[];
  /** A staff route an account that must first enrol in two-factor may call (its token opens only these). */
  enrolment?: true;
  /** Its bundle holds the MIME parser (the kept mail box reads received mail as the receiver does): the mail receiver's budget. */
  parsesMail?: true;
  uses: ResourceUse;
}

/**
 * A feature's routes, checked against the contract with each name kept as
 * written (the table's `RouteName` is the union of them).
 */
export function defineRoutes<const Routes extends readonly RouteContract[]>(routes: Routes): Routes {
  return routes;
}
