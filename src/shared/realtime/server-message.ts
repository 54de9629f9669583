/**
 * The browser's check of what arrives on /ws: the same rule as `serverMessageSchema`
 * (events.ts), written out by hand. NOTE: no zod here (decision 016): the storefront's entry
 * bundle uses this, and the schemas stay out of it. server-message.test.ts holds the two
 * together: every case must be accepted or refused, and returned, exactly as the schema does.
 */
import { KITCHEN_STATUSES, ORDER_STATUSES } from '../orders/order-lists.ts';
import type { ServerMessage } from './events.ts';

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const CHANGES = ['created', 'updated', 'deleted'] as const;
const ROLES = ['customer', 'staff'] as const;
/** The messages that carry nothing but their type. */
const BARE = ['pong', 'refetch', 'menuChanged', 'shopChanged', 'watchdogChanged'] as const;

type Fields = Record<string, unknown>;
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);
/** `sequence` is optional: absent stays absent, present must be a whole number. */
const sequenceOk = (value: Fields) => value.sequence === undefined || isInt(value.sequence);
const withSequence = (value: Fields) =>
  'sequence' in value ? { sequence: value.sequence as number | undefined } : {};

/** The message with only its known fields, or null when it is not a valid server message. */
export function toServerMessage(value: unknown): ServerMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const message = value as Fields;
  const { type } = message;
  if (oneOf(BARE, type)) return { type };
  if (type === 'hello') return oneOf(ROLES, message.role) ? { type, role: message.role } : null;
  if (type === 'statusUpdate') {
    const { orderId, status, kitchenStatus, kitchenEstimatedTime } = message;
    if (
      !isUuid(orderId) ||
      !oneOf(ORDER_STATUSES, status) ||
      !(kitchenStatus === null || oneOf(KITCHEN_STATUSES, kitchenStatus)) ||
      !(kitchenEstimatedTime === null || isInt(kitchenEstimatedTime)) ||
      !sequenceOk(message)
    )
      return null;
    return { type, orderId, status, kitchenStatus, kitchenEstimatedTime, ...withSequence(message) };
  }
  if (type === 'orderChanged') {
    const { change, orderId, orderNumber } = message;
    if (
      !oneOf(CHANGES, change) ||
      !isUuid(orderId) ||
      !(orderNumber === null || isInt(orderNumber)) ||
      !sequenceOk(message)
    )
      return null;
    return { type, change, orderId, orderNumber, ...withSequence(message) };
  }
  return null;
}
