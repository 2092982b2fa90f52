/**
 * The reservation's fields of an enquiry form (EnquiryForm.tsx), as its
 * section asks for them: the medical subject, the party and rooms, the
 * start (a check-in and check-out for a hotel), the hotel and the destination.
 * The dates start empty: left so, they say the visitor has no preference.
 */
import { ENQUIRY_LIMITS } from '../../../../shared/intake/form-fields';
import { koreaNowInput, koreaTodayInput } from './form-model';
import type { EnquiryLabels, Option } from './types';
import { Field, Options } from './Field';
import { range } from './form-page';
import type { useEnquiryForm } from './enquiry-form-state';

export function ReservationFields({
  state,
  labels,
  detailSections,
}: {
  state: ReturnType<typeof useEnquiryForm>;
  labels: EnquiryLabels;
  detailSections: Option[];
}) {
  const { values, now, id, hotel, hospital, withDestination, text, problem } = state;
  return (
    <>
      {hospital && (
        <Field id={id('detail_section')} label={labels['form.detailSection']} problem={problem('detail_section')}>
          <select name="detail_section" {...text('detail_section')}>
            <Options options={detailSections} />
          </select>
        </Field>
      )}
      <Field id={id('user_count')} label={labels['form.count']} problem={problem('user_count')}>
        <select name="user_count" {...text('user_count')}>
          <Options options={range(ENQUIRY_LIMITS.partyMin, ENQUIRY_LIMITS.partyMax)} />
        </select>
      </Field>
      {hotel && (
        <Field id={id('user_Room')} label={labels['form.rooms']} problem={problem('user_Room')}>
          <select name="user_Room" {...text('user_Room')}>
            <Options options={range(ENQUIRY_LIMITS.roomsMin, ENQUIRY_LIMITS.roomsMax)} />
          </select>
        </Field>
      )}
      <Field
        id={id('start')}
        label={hotel ? labels['form.checkIn'] : labels['form.start']}
        hint={
          <>
            {labels['form.koreaTime']}
            <br />
            {labels['form.dateOptional']}
          </>
        }
        problem={problem('start')}
      >
        <input
          type={hotel ? 'date' : 'datetime-local'}
          name="start"
          min={now === undefined ? undefined : hotel ? koreaTodayInput(now) : koreaNowInput(now)}
          {...text('start', { hint: true })}
        />
      </Field>
      {hotel && (
        <Field id={id('finish')} label={labels['form.checkOut']} problem={problem('finish')}>
          <input
            type="date"
            name="finish"
            min={values.start || (now === undefined ? undefined : koreaTodayInput(now))}
            {...text('finish')}
          />
        </Field>
      )}
      {hotel && (
        <Field id={id('hotel')} label={labels['form.hotel']} problem={problem('hotel')} wide>
          <input type="text" name="hotel" maxLength={ENQUIRY_LIMITS.placeMax} {...text('hotel')} />
        </Field>
      )}
      {withDestination && (
        <Field
          id={id('destination')}
          label={labels['form.destination']}
          hint={labels['form.destinationHint']}
          problem={problem('destination')}
          wide
        >
          <input
            type="text"
            name="destination"
            maxLength={ENQUIRY_LIMITS.placeMax}
            {...text('destination', { hint: true })}
          />
        </Field>
      )}
    </>
  );
}
