import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import { testMachine } from '../../../tests/support/testMachine';
import { fleetAtom, fleetOf } from '../fleet/fleetAtoms';
import en from '../i18n/locales/en.json';
import { useMachine } from '../fleet/useMachine';
import { PhotoSection } from './PhotoSection';

const userEvent = userEventLib.setup({ delay: null, applyAccept: false });
const MACHINE = testMachine('RVM-001', { name_en: 'Plaza', picture: { id: 'old-photo' } });

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});

function LivePhoto() {
  const machine = useMachine(MACHINE.id);
  return machine ? <PhotoSection machine={machine} /> : null;
}

async function renderPhoto(session = TEST_SESSION) {
  const view = renderConsole(<LivePhoto />, { session });
  view.store.set(fleetAtom, fleetOf([MACHINE]));
  await screen.findByRole('img', { name: 'Current photo of Plaza' });
  return view;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('the photo section', { timeout: 30_000 }, () => {
  it('previews a chosen photo, stores it by the upload call, then attaches it to the machine', async () => {
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/upload') return { status: 200, body: { success: true, id: 'new-photo' } };
      if (call.method === 'PATCH')
        return { status: 200, body: { success: true, rvm: { ...MACHINE, picture: { id: 'new-photo' } } } };
      return undefined;
    });
    const { store } = await renderPhoto();
    await userEvent.upload(fileInput(), png('shop front.png'));
    expect(await screen.findByRole('img', { name: 'Preview of shop front.png' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.photo.upload }));
    expect(await screen.findByText(en.photo.attached)).toBeTruthy();

    const upload = calls.find((c) => c.path === '/api/upload')!;
    expect(upload.method).toBe('POST');
    expect(upload.headers.get('x-csrf-token')).toBe(TEST_SESSION.csrfToken);
    expect(((upload.body as FormData).get('file') as File).name).toBe('shop front.png');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ picture: { id: 'new-photo' } });
    expect(store.get(fleetAtom)?.rows[0]?.machine.picture).toEqual({ id: 'new-photo' });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Current photo of Plaza' }).getAttribute('src')).toBe(
        '/api/file/new-photo',
      ),
    );
  });

  it('refuses a file that is not an image before sending it, and keeps the old photo', async () => {
    const { calls } = fakeServer(() => undefined);
    const { store } = await renderPhoto();
    fireEvent.change(fileInput(), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'notes.pdf is not a PNG, JPEG, WebP or GIF image. The current photo stays.',
    );
    expect(calls).toEqual([]);
    expect(store.get(fleetAtom)?.rows[0]?.machine.picture).toEqual({ id: 'old-photo' });
  });

  it.each([
    ['too large', 413, 'fileTooLarge', 'big.png is too large. The current photo stays.'],
    [
      'not an image by its bytes',
      415,
      'unsupportedFileType',
      'big.png is not a PNG, JPEG, WebP or GIF image. The current photo stays.',
    ],
  ])('says when the server finds a file %s, and attaches nothing', async (_name, status, msg, text) => {
    const { calls } = fakeServer((call) =>
      call.path === '/api/upload' ? { status, body: { success: false, msg } } : undefined,
    );
    const { store } = await renderPhoto();
    await userEvent.upload(fileInput(), png('big.png'));
    await userEvent.click(await screen.findByRole('button', { name: en.photo.upload }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(store.get(fleetAtom)?.rows[0]?.machine.picture).toEqual({ id: 'old-photo' });
  });

  it('lets a viewer see the photo and change nothing', async () => {
    fakeServer(() => undefined);
    await renderPhoto({ ...TEST_SESSION, role: 'viewer' });
    expect(screen.queryByRole('button', { name: en.photo.choose })).toBeNull();
    expect(screen.queryByRole('button', { name: en.photo.remove })).toBeNull();
  });
});
