// The answer times a new list page decides on: a path's own last time first, else the median of the recent answers;
// and the link's round trip a 新增's number wait decides on: the quickest recent answer.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { expectedAnswerMs, forgetAnswerTimes, noteAnswerTime, roundTripMs } from '../../lib/answer-times';

// The files of a worker share their modules: what an earlier file's calls noted is not this file's.
beforeEach(() => forgetAnswerTimes());
afterEach(() => forgetAnswerTimes());

it('nothing is expected before three answers; then their median, unless the path has its own', () => {
  noteAnswerTime('/user/infoWithTenant', 12);
  noteAnswerTime('/function/findMenuByPNumber', 200);
  expect(expectedAnswerMs('/depotHead/list')).toBeUndefined();
  noteAnswerTime('/msg/getMsgByStatus', 20);
  expect(expectedAnswerMs('/depotHead/list')).toBe(20);
  noteAnswerTime('/depotHead/list', 90);
  expect(expectedAnswerMs('/depotHead/list')).toBe(90);
});

it('only the last twelve answers count', () => {
  for (let i = 0; i < 12; i++) noteAnswerTime('/slow', 500);
  for (let i = 0; i < 12; i++) noteAnswerTime('/quick', 10);
  expect(expectedAnswerMs('/depotHead/list')).toBe(10);
});

it('the round trip is the quickest of the last twelve answers, none before three', () => {
  noteAnswerTime('/function/findMenuByPNumber', 280);
  noteAnswerTime('/user/infoWithTenant', 84);
  expect(roundTripMs()).toBeUndefined();
  noteAnswerTime('/depotHead/list', 130);
  expect(roundTripMs()).toBe(84);
  for (let i = 0; i < 12; i++) noteAnswerTime('/quick', 3);
  noteAnswerTime('/slow', 90);
  expect(roundTripMs()).toBe(3);
  for (let i = 0; i < 12; i++) noteAnswerTime('/wan', 81);
  expect(roundTripMs()).toBe(81);
});
