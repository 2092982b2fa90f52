import { ConfigError, type SettingName, type Settings } from '../config';

/** Reads a setting a function was given, or fails naming it. */
export function settingOf<Name extends SettingName>(settings: Partial<Settings>, name: Name): Settings[Name] {
  const value = settings[name];
  if (value === undefined) throw new ConfigError([`${name} is not configured for this function`]);
  return value as Settings[Name];
}

/**
 * An object whose properties are made on first read and then kept, so a
 * function builds (and needs settings for) only the adapters it uses.
 */
export function lazyObject<T extends object>(makers: { [Key in keyof T]: () => T[Key] }): T {
  const target = {} as T;
  for (const key of Object.keys(makers) as (keyof T)[]) {
    let made = false;
    let value: T[typeof key];
    Object.defineProperty(target, key, {
      enumerable: true,
      get() {
        if (!made) {
          value = makers[key]();
          made = true;
        }
        return value;
      },
    });
  }
  return target;
}

/** The stores `makers` make from one context, each made on first read (lazyObject). */
export function madeOnFirstUse<Context, T extends object>(
  makers: { [Key in keyof T]: (context: Context) => T[Key] },
  context: Context,
): T {
  const lazy = Object.fromEntries(
    Object.entries(makers).map(([key, make]) => [key, () => (make as (context: Context) => unknown)(context)]),
  );
  return lazyObject(lazy as { [Key in keyof T]: () => T[Key] });
}

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** Combines lazy objects without reading their properties (a spread would build every one). */
export function mergeLazy<Parts extends object[]>(...parts: Parts): Intersection<Parts[number]> {
  const descriptors = parts.map((part) => Object.getOwnPropertyDescriptors(part));
  return Object.defineProperties({}, Object.assign({}, ...descriptors)) as Intersection<Parts[number]>;
}
