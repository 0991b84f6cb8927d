import { describe, expect, it } from 'vitest';
import { quickMessage } from './fixtures';
import { matchingQuickAnswers, quickAnswerLabel, quickAnswerQuery } from './quickAnswers';

describe('quick answers', () => {
  it('asks only for a leading slash followed by something', () => {
    expect(quickAnswerQuery('')).toBeUndefined();
    expect(quickAnswerQuery('/')).toBeUndefined();
    expect(quickAnswerQuery('a/b')).toBeUndefined();
    expect(quickAnswerQuery('/AB')).toBe('ab');
  });

  it('matches the shortcode anywhere, case aside, those starting with the text first', () => {
    const records = [quickMessage(1, { shortcode: 'reship' }), quickMessage(2, { shortcode: 'Shipping' }), quickMessage(3, { shortcode: 'hello' })];
    expect(matchingQuickAnswers(records, 'ship').map((q) => q.id)).toEqual([2, 1]);
    expect(matchingQuickAnswers(records, 'zzz')).toEqual([]);
  });

  it('labels as "shortcode - message", cut at 35 characters', () => {
    expect(quickAnswerLabel(quickMessage(1, { shortcode: 'hi', message: 'Hello' }))).toBe('hi - Hello');
    const long = quickAnswerLabel(quickMessage(1, { shortcode: 'long', message: 'x'.repeat(100) }));
    expect(long).toBe(`long - ${'x'.repeat(28)}…`);
    expect(quickAnswerLabel(quickMessage(1, { shortcode: 'a', message: 'two\nlines' }))).toBe('a - two lines');
    // A cut falling after a space does not end the label with it.
    expect(quickAnswerLabel(quickMessage(1, { shortcode: 'abcdefghijklmnopqrstuvwxyz0', message: 'four more words' }))).toBe('abcdefghijklmnopqrstuvwxyz0 - four…');
  });
});
