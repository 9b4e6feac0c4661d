// Greeting by hour: before 9 morning, to 11 forenoon, to 13 noon, before 20 afternoon, else evening.
import type { MessageKey } from './i18n/i18n.js';

export function greetingKey(hour: number): MessageKey {
  if (hour < 9) return 'greeting.morning';
  if (hour <= 11) return 'greeting.forenoon';
  if (hour <= 13) return 'greeting.noon';
  if (hour < 20) return 'greeting.afternoon';
  return 'greeting.evening';
}
