import fc from 'fast-check';

/** Any value a message could carry, structured-clone-able or not. */
export const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});

/** Objects near the real protocol (its keys, its values, near misses), so the fuzzer tries its edges too. */
export const nearMessage = fc.dictionary(
  fc.constantFrom('locale', 'fontSize', 'type', 'Locale', '__proto__', 'constructor'),
  fc.oneof(fc.constantFrom('en', 'zht', 'zhs', 'sm', 'md', 'lg', 'EN', 'zh', ' en', 'lg '), anything),
);

export const hostMessageData = fc.oneof(anything, nearMessage);
