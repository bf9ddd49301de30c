import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG, LANGS, interpolate, langFromHeader, messages, parseMessage, translate } from '../src/index.ts';

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('zh and en have exactly the same keys', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.zh).sort());
    expect(Object.keys(messages.zh).length).toBeGreaterThan(20);
  });

  it('every key has the same %{placeholders} in both languages', () => {
    const zh = messages.zh as Record<string, string>;
    const en = messages.en as Record<string, string>;
    const mismatches = Object.keys(zh).filter((key) => JSON.stringify(placeholders(zh[key]!)) !== JSON.stringify(placeholders(en[key] ?? '')));
    expect(mismatches).toEqual([]);
  });

  it('no message is empty', () => {
    for (const lang of LANGS) {
      for (const [key, text] of Object.entries(messages[lang])) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('has the exact texts of SPEC §5 and §8', () => {
    expect(messages.zh['validation.password_min']).toBe('密码不能少于6位');
    expect(messages.zh['validation.phone']).toBe('请输入正确的手机号');
    expect(messages.zh['validation.phone_required']).toBe('请输入手机号');
    expect(messages.zh['validation.sms_code_required']).toBe('请输入手机验证码');
    expect(messages.zh['validation.username_required']).toBe('用户名不能为空');
    expect(messages.zh['error.network']).toBe(
      '连接后台接口失败，可能由以下原因造成：后端不支持跨域CORS、接口地址不存在、请求超时等，请联系管理员排查后端接口问题',
    );
    expect(messages.zh['error.login_no_token']).toBe('登录接口异常，未正确返回token...');
  });
});

describe('translate', () => {
  it('defaults to zh', () => {
    expect(DEFAULT_LANG).toBe('zh');
    expect(translate('validation.phone')).toBe('请输入正确的手机号');
  });
  it('translates into en', () => expect(translate('validation.phone', 'en')).toBe('Please enter a valid mobile number'));
  it('fills placeholders', () => {
    expect(translate('validation.number_range', 'zh', { min: 1, max: 500 })).toBe('请输入1到500之间的数值');
    expect(translate('error.not_found', 'en', { id: 42 })).toBe('The record does not exist or was deleted (ID 42)');
  });
  it('returns an unknown key as it is', () => expect(translate('no.such.key', 'en')).toBe('no.such.key'));
  it('leaves a placeholder without a value in place', () => expect(interpolate('a %{x} b %{y}', { x: 1 })).toBe('a 1 b %{y}'));
});

describe('parseMessage (zod messages carrying parameters)', () => {
  it('splits too_long and number_range', () => {
    expect(parseMessage('validation.too_long|100')).toEqual({ key: 'validation.too_long', params: { max: '100' } });
    expect(parseMessage('validation.number_range|0|10000')).toEqual({ key: 'validation.number_range', params: { min: '0', max: '10000' } });
  });
  it('passes a plain key through', () => expect(parseMessage('validation.phone')).toEqual({ key: 'validation.phone', params: {} }));
});

describe('langFromHeader', () => {
  it.each([
    [undefined, 'zh'],
    [null, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR', 'zh'],
  ])('%j → %s', (header, lang) => expect(langFromHeader(header)).toBe(lang));
});
