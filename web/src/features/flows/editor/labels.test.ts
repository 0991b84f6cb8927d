import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { IMAGE } from './fixtures';
import { blockDescription, blockLabel, fieldHelp, fieldLabel, portLabel } from './labels';

const t = i18n.t.bind(i18n);

afterEach(() => changeLanguage('en'));

describe('the words of a block', () => {
  it('are the block’s own, in the console’s language', () => {
    changeLanguage('en');
    expect(blockLabel(t, IMAGE)).toBe('Image');
    expect(portLabel(t, IMAGE.outputs[0]!, IMAGE.texts)).toBe('Next');
    changeLanguage('pt');
    expect(blockLabel(t, IMAGE)).toBe('Imagem');
    expect(fieldLabel(t, IMAGE.fields[0]!, IMAGE.texts)).toBe('Arquivo');
    changeLanguage('es');
    expect(blockLabel(t, IMAGE)).toBe('Imagen');
  });

  it('fall back to the console’s shared keys, then to the names made readable', () => {
    changeLanguage('en');
    expect(fieldLabel(t, { name: 'url', label: 'flows.editor.save' }, IMAGE.texts)).toBe('Save');
    expect(blockLabel(t, { type: 'http-request', label: 'httpRequest.block' })).toBe('Http request');
    expect(fieldLabel(t, { name: 'saveAs', label: 'httpRequest.fields.saveAs' })).toBe('Save as');
  });

  it('say what a block does and help with a field, when the block says so', () => {
    changeLanguage('en');
    const texts = { pt: { 'x.about': 'Faz x', 'x.help': 'Ajuda' }, en: { 'x.about': 'Does x', 'x.help': 'Help' }, es: { 'x.about': 'Hace x', 'x.help': 'Ayuda' } };
    expect(blockDescription(t, { description: 'x.about', texts })).toBe('Does x');
    expect(blockDescription(t, IMAGE)).toBe('');
    expect(fieldHelp(t, { help: 'x.help' }, texts)).toBe('Help');
    expect(fieldHelp(t, {}, texts)).toBe('');
  });
});
