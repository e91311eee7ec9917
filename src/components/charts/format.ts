/** `2026-06` → `6月` (a month label on the charts' axes and in their spoken labels). */
export const monthLabel = (month: string) => `${Number(month.slice(5))}月`;

/** A valid-answer rate's bar colour: green from 90 %, blue from 70 %, orange below (the levels' thresholds). */
export const rateColor = (rate: number) => (rate >= 0.9 ? '#38A169' : rate >= 0.7 ? '#3182CE' : '#DD6B20');
