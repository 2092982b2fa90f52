import type { ReceiptText } from './types';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const en: ReceiptText = {
  centreName: 'Medical Tourism Centre',
  koreaTime: 'Korea time (KST, UTC+9)',
  colon: ': ',
  when: (year, month, day, time) => `${day} ${MONTHS[month - 1]} ${year}${time ? `, ${time}` : ''}`,
  sent: 'Your enquiry has been sent',
  referenceLabel: 'Your reference',
  keepReference: 'Please keep it and quote it when you write to us or call us.',
  nextHeading: 'What happens next',
  replyPromise: (days) =>
    `A member of our staff will read your enquiry and reply by e-mail within ${days} working ${days === 1 ? 'day' : 'days'} (Monday to Friday, 9:00-18:00 Korea time).`,
  urgent: 'If it is urgent, call our customer centre',
  page: {
    title: 'Enquiry sent',
    back: 'Back to the page',
  },
  mail: {
    subject: (reference, centreName) => `${centreName}: we have received your enquiry ${reference}`,
    greeting: 'Hello,',
    thanks: 'Thank you for your enquiry. We have received it.',
    summaryHeading: 'What you asked for',
    section: 'Enquiry',
    detailSection: 'Medical field',
    start: 'Preferred date and time',
    checkIn: 'Check-in date',
    checkOut: 'Check-out date',
    people: 'Number of people',
    rooms: 'Number of rooms',
    noPreference: 'No preference',
    replyHint: 'If you want to add something, simply reply to this e-mail.',
    pageLink: 'Follow your request and write to us on your own page',
    privacy: 'How we handle your personal data',
    notYou:
      'If you did not send this enquiry, please ignore this e-mail: somebody may have typed your address by mistake.',
  },
};
