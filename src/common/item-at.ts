// Reading an array at an index that the caller's own bookkeeping keeps in range (positions shared between parallel
// arrays, indexes collected from the same array): the item, or an InternalError if that bookkeeping is ever wrong,
// instead of an undefined travelling on.
import { InternalError } from "./quantagent-error";

export function itemAt<T>(items: readonly T[], index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new InternalError({ message: `Index ${index} is outside the ${items.length} items it should point into` });
  }
  return items[index] as T;
}
