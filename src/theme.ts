import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Shades around the spec's primary #3fa535 (index 6) and secondary #dfdfdf (index 3).
const brand: MantineColorsTuple = [
  '#ecf8ea',
  '#daefd6',
  '#b3deac',
  '#89cc7f',
  '#67bd59',
  '#51b342',
  '#3fa535',
  '#2f8a27',
  '#267b20',
  '#176a12',
];
const secondary: MantineColorsTuple = [
  '#f7f7f7',
  '#efefef',
  '#e7e7e7',
  '#dfdfdf',
  '#c9c9c9',
  '#b0b0b0',
  '#969696',
  '#7c7c7c',
  '#626262',
  '#484848',
];

export const FONT_STACK =
  "'Inter Variable', 'Noto Sans TC Variable', 'Noto Sans SC Variable', system-ui, -apple-system, 'Segoe UI', sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  // The spec gives #3fa535 for light and dark alike (Mantine would darken it in dark by default).
  primaryShade: { light: 6, dark: 6 },
  colors: { brand, secondary },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  // White on the spec's green is 3.2:1, black 6.6:1: text on a filled colour is black or white, whichever reads
  // better, so the green itself stays. 0.179 is the luminance at which both read equally (WCAG's formula).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // A ring on keyboard focus only: 'always' also rings a button after every tap or click.
  focusRing: 'auto',
  // A visitor who asked their system for less motion gets dialogs, menus and panels without their slides and fades.
  respectReducedMotion: true,
});
