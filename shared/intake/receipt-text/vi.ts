import type { ReceiptText } from './types';

export const vi: ReceiptText = {
  centreName: 'Trung tâm Du lịch Y tế',
  koreaTime: 'Giờ Hàn Quốc (KST, UTC+9)',
  colon: ': ',
  when: (year, month, day, time) => `${time ? `${time}, ` : ''}ngày ${day} tháng ${month} năm ${year}`,
  sent: 'Yêu cầu của bạn đã được gửi',
  referenceLabel: 'Mã yêu cầu của bạn',
  keepReference: 'Vui lòng giữ lại mã này và cho chúng tôi biết khi bạn viết thư hoặc gọi điện.',
  nextHeading: 'Các bước tiếp theo',
  replyPromise: (days) =>
    `Nhân viên của chúng tôi sẽ đọc yêu cầu và trả lời qua e-mail trong vòng ${days} ngày làm việc (thứ Hai đến thứ Sáu, 9:00–18:00 giờ Hàn Quốc).`,
  urgent: 'Nếu có việc gấp, vui lòng gọi cho trung tâm chăm sóc khách hàng',
  page: {
    title: 'Đã gửi yêu cầu',
    back: 'Quay lại trang trước',
  },
  mail: {
    subject: (reference, centreName) => `${centreName}: chúng tôi đã nhận được yêu cầu ${reference} của bạn`,
    greeting: 'Xin chào,',
    thanks: 'Cảm ơn bạn đã liên hệ. Chúng tôi đã nhận được yêu cầu của bạn.',
    summaryHeading: 'Nội dung bạn yêu cầu',
    section: 'Loại yêu cầu',
    detailSection: 'Lĩnh vực y tế',
    start: 'Ngày và giờ mong muốn',
    checkIn: 'Ngày nhận phòng',
    checkOut: 'Ngày trả phòng',
    people: 'Số người',
    rooms: 'Số phòng',
    noPreference: 'Không có yêu cầu riêng',
    replyHint: 'Nếu muốn bổ sung thông tin, bạn chỉ cần trả lời e-mail này.',
    pageLink: 'Theo dõi yêu cầu và nhắn cho chúng tôi trên trang riêng của bạn',
    privacy: 'Cách chúng tôi xử lý dữ liệu cá nhân của bạn',
    notYou: 'Nếu bạn không gửi yêu cầu này, vui lòng bỏ qua e-mail: có thể ai đó đã nhập nhầm địa chỉ của bạn.',
  },
};
