import type {
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { Permission } from '../accounts/access';
import type { RouteAccess } from '../security/routeAccess';

/** What a route does, without where it is or who may call it: those are its row in table.ts. */
export type RouteBody = RouteShorthandOptionsWithHandler;

/** A route's body, typed by its request's parts (`Body`, `Params`, `Querystring`) as `app.get<...>` would be. */
export const route = <G extends RouteGenericInterface = RouteGenericInterface>(
  body: RouteShorthandOptionsWithHandler<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>,
): RouteBody => body as unknown as RouteBody;

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

/** Where a route answers and who may call it. The first url is the one the OpenAPI document lists. */
export interface RouteRow {
  method: Method;
  url: string | readonly string[];
  access: RouteAccess;
}

/** One handler module's routes, by the names its factory gives their bodies. */
export interface RouteGroup<Deps> {
  handlers: (deps: Deps) => Record<string, RouteBody>;
  rows: Record<string, RouteRow>;
}

export const group = <Deps, Name extends string>(
  handlers: (deps: Deps) => Record<Name, RouteBody>,
  rows: Record<Name, RouteRow>,
): RouteGroup<Deps> => ({ handlers, rows });

/** Anyone may call it; what it needs of the caller, if anything, its handler checks. */
export const ANYONE: RouteAccess = 'public';
/** A caller whose role has `permission`. */
export const may = (permission: Permission): RouteAccess => ({ permission });
/** A person signed in whose role has `permission`, never a token (decision 0053). */
export const personMay = (permission: Permission): RouteAccess => ({ permission, peopleOnly: true });

/** An admin act: a person must also have given a password or code in the last minutes (decision 0068). */
export const steppedUp = (access: RouteAccess): RouteAccess =>
  access === 'public' ? access : { ...access, stepUp: true };
/** A person the factor policy asks to enrol may call it before they have. */
export const whileEnrolling = (access: RouteAccess): RouteAccess =>
  access === 'public' ? access : { ...access, enrolling: true };

export const urlsOf = (row: RouteRow): readonly string[] => (typeof row.url === 'string' ? [row.url] : row.url);
