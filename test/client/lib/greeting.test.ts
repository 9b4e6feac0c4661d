import t from 'tap';
import { greetingKey } from '../../../client/lib/greeting.js';
import { t as translate } from '../../../client/lib/i18n/i18n.js';

t.test('greeting by hour (spec §9 boundaries)', async (t) => {
  const at = (hour: number) => translate(greetingKey(hour));
  t.equal(at(0), '早上好');
  t.equal(at(8), '早上好');
  t.equal(at(9), '上午好');
  t.equal(at(11), '上午好');
  t.equal(at(12), '中午好');
  t.equal(at(13), '中午好');
  t.equal(at(14), '下午好');
  t.equal(at(19), '下午好');
  t.equal(at(20), '晚上好');
  t.equal(at(23), '晚上好');
  t.equal(translate('login.welcomeBack', { greeting: at(10) }), '上午好，欢迎回来');
});
