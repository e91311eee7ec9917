/**
 * Every table, listed once: the database module (`createDatabase`) and drizzle-kit
 * (drizzle.config.ts, `npm run db:generate`) both read this file.
 */
export * from './schema'; // server keys, kv, members, SMS codes, verify tickets, tokens
export * from './schema-social'; // QR and social login
export * from './schema-points'; // the points ledger and check-in
export * from './schema-tasks'; // partners, tasks, participations, polls, member properties
export * from './schema-exchange'; // rewards, exchanges, real-name verification, consignees
export * from './schema-benefits'; // credit (权益值), benefits (权益) and the benefits members hold
export * from './schema-invites'; // registrations and invite rewards (signups)
export * from './schema-content'; // messages, notices, banners and events, app releases, uploads
export * from './schema-support'; // help centre, feedback tickets
export * from './schema-ranking'; // the ranking aggregate and answering tips
export * from './schema-course'; // newcomer course, quiz bank and attempts
export * from './schema-appraise'; // 月度答题之星: each month's run and its winners
export * from './schema-recruit'; // campus referral-officer applications
export * from './schema-lottery'; // the lucky wheel: prizes, prize-table versions, daily seeds, spins
export * from './schema-prize'; // prize trials and their applications (the draw's seed and outcome)
export * from './schema-campaign'; // seasonal campaigns: campaigns, prize pools, draws
export * from './schema-forum'; // the discussion-group forum: boards, sections, identities, topics, replies
export * from './schema-staff'; // the console: staff, their sessions, the hash-chained audit log
export * from './schema-console'; // the console's records: 微豆 adjustments
export * from './schema-desk'; // the console's feedback desk: saved replies
